/**
 * The site header's behaviour. Dropdowns: click/tap or Enter/Space toggles, Escape closes and
 * returns focus, a click outside or focus leaving the menu closes it, and the arrow keys (with
 * Home and End) move between the menu's links, wrapping around. The mobile menu opens from its
 * toggle and closes with Escape.
 */
import { keyTarget } from './tabs';

function setDropdownOpen(root: HTMLElement, open: boolean): void {
  const toggle = root.querySelector<HTMLElement>('[data-dropdown-toggle]');
  toggle?.setAttribute('aria-expanded', String(open));
  toggle?.querySelector('svg')?.classList.toggle('rotate-180', open);
  root.querySelector('[data-dropdown-menu]')?.classList.toggle('hidden', !open);
}

function initDropdowns(): void {
  const dropdowns = [...document.querySelectorAll<HTMLElement>('[data-dropdown]')];
  for (const root of dropdowns) {
    const toggle = root.querySelector<HTMLElement>('[data-dropdown-toggle]');
    if (!toggle) continue;
    const links = () => [
      ...root.querySelectorAll<HTMLElement>('[data-dropdown-menu] a, [data-dropdown-menu] button'),
    ];
    toggle.addEventListener('click', () => {
      const open = toggle.getAttribute('aria-expanded') !== 'true';
      for (const other of dropdowns) if (other !== root) setDropdownOpen(other, false);
      setDropdownOpen(root, open);
    });
    toggle.addEventListener('keydown', (event) => {
      if (event.key !== 'ArrowDown') return;
      event.preventDefault();
      setDropdownOpen(root, true);
      links()[0]?.focus();
    });
    root.addEventListener('keydown', (event) => {
      // Already handled by the toggle (ArrowDown opens and focuses the first link).
      if (event.defaultPrevented) return;
      if (event.key === 'Escape') {
        setDropdownOpen(root, false);
        toggle.focus();
        return;
      }
      const target = keyTarget(event, links(), document.activeElement, 'vertical');
      if (!target) return;
      event.preventDefault();
      target.focus();
    });
    root.addEventListener('focusout', (event) => {
      if (!root.contains(event.relatedTarget as Node | null)) setDropdownOpen(root, false);
    });
  }
  document.addEventListener('click', (event) => {
    for (const root of dropdowns) if (!root.contains(event.target as Node)) setDropdownOpen(root, false);
  });
}

function initMobileMenu(): void {
  const toggle = document.querySelector<HTMLElement>('[data-mobile-toggle]');
  const menu = document.querySelector<HTMLElement>('[data-mobile-menu]');
  if (!toggle || !menu) return;
  const setOpen = (open: boolean): void => {
    toggle.setAttribute('aria-expanded', String(open));
    toggle.setAttribute('aria-label', open ? 'Close menu' : 'Open menu');
    menu.classList.toggle('hidden', !open);
    toggle.querySelector('[data-icon-open]')?.classList.toggle('hidden', open);
    toggle.querySelector('[data-icon-close]')?.classList.toggle('hidden', !open);
  };
  toggle.addEventListener('click', () => setOpen(toggle.getAttribute('aria-expanded') !== 'true'));
  document.addEventListener('keydown', (event) => {
    if (event.key === 'Escape' && toggle.getAttribute('aria-expanded') === 'true') {
      setOpen(false);
      toggle.focus();
    }
  });
}

/**
 * "Sign out" in the account menus: ends the session on the server (which clears the session
 * cookie and the signed-in hint) and goes home; a failure is said on the button.
 */
function initSignOut(): void {
  for (const button of document.querySelectorAll<HTMLButtonElement>('[data-sign-out]')) {
    button.addEventListener('click', () => {
      button.disabled = true;
      button.textContent = 'Signing out...';
      fetch('/api/account/logout', { method: 'POST', credentials: 'same-origin' })
        .then((res) => {
          if (!res.ok) throw new Error(String(res.status));
          window.location.assign('/');
        })
        .catch(() => {
          button.disabled = false;
          button.textContent = 'Sign out failed: try again';
        });
    });
  }
}

/** Wires the header's dropdowns, mobile menu and account menu. */
export function initNav(): void {
  initDropdowns();
  initMobileMenu();
  initSignOut();
}
