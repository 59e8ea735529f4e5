import { describe, expect, it } from 'vitest';
import { COMMON_PASSWORD_MESSAGE, passwordRefusal } from './password-policy';

describe('passwordRefusal', () => {
  it.each([
    'password1234',
    'Password1234',
    'qwertyuiop123',
    'iloveyou1234',
    '123456789012',
    'aaaaaaaaaaaa',
    'p@ssw0rd1234',
    'abcdefghijkl',
  ])('refuses %s (common lists, keyboard walks, repeats, sequences, l33t)', (password) => {
    expect(passwordRefusal(password)?.startsWith(COMMON_PASSWORD_MESSAGE)).toBe(true);
  });

  it("refuses the user's own name or email as the password", () => {
    expect(passwordRefusal('margaret1977!', ['margaret1977', 'margaret1977@example.com'])).not.toBeNull();
  });

  it.each(['correct horse battery', 'x7#Kq9!mZ2pW', 'tide lamp orbit velvet', 'Our dog ate 3 lemons!'])(
    'accepts %s',
    (password) => {
      expect(passwordRefusal(password)).toBeNull();
    },
  );
});
