/**
 * The code-sample language choice (curl, JavaScript, Python) shared by every CodeTabs on the
 * page and remembered across pages and visits in localStorage.
 *
 * Which panel shows is decided by CSS from `<html data-code-lang>`: CodeTabs emits a tiny
 * inline script before the first tabs that sets it from storage, so the stored language is
 * painted first and never flashes from curl. This module (deferred) then keeps the ARIA state
 * in step and handles clicks, arrow keys and changes made in other browser tabs.
 */
import { sampleLangs, type SampleLang } from '../lib/snippets';
import { keyTarget, markSelectedTab } from '../lib/tabs';
import { CODE_LANG_KEY } from '../lib/code-ids';

/** Language shown before a visitor picks one. */
export const DEFAULT_CODE_LANG: SampleLang = 'curl';

/** The stored value as a language, or undefined for anything unknown (old or tampered values). */
export function parseCodeLang(value: string | null | undefined): SampleLang | undefined {
  return sampleLangs.find((lang) => lang === value);
}

function readStored(): SampleLang | undefined {
  try {
    return parseCodeLang(localStorage.getItem(CODE_LANG_KEY));
  } catch {
    // Storage can be blocked (privacy modes); the choice then lasts for this page only.
    return undefined;
  }
}

/** Shows `lang` in every CodeTabs on the page and syncs the tabs' ARIA state. */
export function applyCodeLang(lang: SampleLang): void {
  document.documentElement.dataset['codeLang'] = lang;
  // Every CodeTabs is its own tablist with its own roving tabindex.
  for (const list of document.querySelectorAll<HTMLElement>('[data-code-tabs] [role="tablist"]')) {
    const tabs = [...list.querySelectorAll<HTMLElement>('[data-lang-tab]')];
    markSelectedTab(
      tabs,
      tabs.find((tab) => tab.dataset['langTab'] === lang),
    );
  }
}

function selectCodeLang(lang: SampleLang, anchor: HTMLElement): void {
  // Other blocks above may change height; keep the clicked tab where the visitor's eyes are.
  const before = anchor.getBoundingClientRect().top;
  applyCodeLang(lang);
  window.scrollBy(0, anchor.getBoundingClientRect().top - before);
  try {
    localStorage.setItem(CODE_LANG_KEY, lang);
  } catch {
    /* see readStored */
  }
}

function init(): void {
  applyCodeLang(readStored() ?? DEFAULT_CODE_LANG);

  document.addEventListener('click', (event) => {
    const tab = event.target instanceof Element ? event.target.closest<HTMLElement>('[data-lang-tab]') : null;
    const lang = parseCodeLang(tab?.dataset['langTab']);
    if (tab && lang) selectCodeLang(lang, tab);
  });

  document.addEventListener('keydown', (event) => {
    const tab = event.target instanceof Element ? event.target.closest<HTMLElement>('[data-lang-tab]') : null;
    const list = tab?.closest('[role="tablist"]');
    if (!tab || !list) return;
    const target = keyTarget(event, [...list.querySelectorAll<HTMLElement>('[data-lang-tab]')], tab);
    const lang = parseCodeLang(target?.dataset['langTab']);
    if (!target || !lang) return;
    event.preventDefault();
    selectCodeLang(lang, target);
    target.focus();
  });

  // A choice made in another browser tab applies here too.
  window.addEventListener('storage', (event) => {
    if (event.key !== CODE_LANG_KEY) return;
    const lang = parseCodeLang(event.newValue);
    if (lang) applyCodeLang(lang);
  });
}

if (typeof document !== 'undefined') init();
