/**
 * Which new passwords we refuse beyond the length rule of the contract: those an attacker tries
 * first. zxcvbn-ts estimates the guesses a password needs against its own dictionaries (the
 * common-password list of `@zxcvbn-ts/language-common`, drawn from breach corpora, and common
 * words), with keyboard walks, repeats, sequences, dates and l33t variants, and the user's own
 * name and email as extra words. Below score 3 (fewer than 10^8 guesses: fast offline attacks
 * and credential stuffing lists) the password is refused. Server side only: the dictionaries
 * are ~2 MB, too much for the sign-up island.
 */
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common';

/** zxcvbn score a new password must reach (0-4; 3 = at least 10^8 guesses). */
export const MIN_PASSWORD_SCORE = 3;

/** The field error of a refused password. */
export const COMMON_PASSWORD_MESSAGE =
  'This password is too common or too easy to guess; add words or characters of your own';

let factory: ZxcvbnFactory | undefined;
function estimator(): ZxcvbnFactory {
  factory ??= new ZxcvbnFactory({ dictionary, graphs: adjacencyGraphs });
  return factory;
}

/**
 * Null when `password` may be used, else why not (the field error; zxcvbn's own warnings are
 * translation keys without an English pack, so one plain message). `userInputs`: the account's
 * own name and email, which a guesser knows.
 */
export function passwordRefusal(password: string, userInputs: readonly string[] = []): string | null {
  return estimator().check(password, [...userInputs]).score >= MIN_PASSWORD_SCORE
    ? null
    : COMMON_PASSWORD_MESSAGE;
}
