/**
 * Opens the site search: the nav's Search button, or Ctrl/Cmd+K. Pagefind's UI script, styles
 * and index load on the first open only; result links drop the `.html` of the built files so
 * they match the site's URLs.
 */

interface PagefindResult {
  url: string;
  sub_results?: { url: string }[];
}
type PagefindUIConstructor = new (options: Record<string, unknown>) => unknown;

/** `/docs/x.html#y` -> `/docs/x#y`: the URLs the site serves and links to. */
export function cleanUrl(url: string): string {
  return url.replace(/\.html(?=$|[#?])/, '').replace(/\/index(?=$|[#?])/, '/');
}

let loading: Promise<void> | undefined;

function loadUi(root: HTMLElement): Promise<void> {
  loading ??= new Promise<void>((resolve, reject) => {
    const css = document.createElement('link');
    css.rel = 'stylesheet';
    css.href = '/pagefind/pagefind-ui.css';
    document.head.append(css);
    const script = document.createElement('script');
    script.src = '/pagefind/pagefind-ui.js';
    script.onload = () => {
      const PagefindUI = (window as unknown as { PagefindUI: PagefindUIConstructor }).PagefindUI;
      root.querySelector('[data-search-loading]')?.remove();
      new PagefindUI({
        element: root,
        showSubResults: true,
        showImages: false,
        resetStyles: false,
        processResult: (r: PagefindResult) => ({
          ...r,
          url: cleanUrl(r.url),
          sub_results: r.sub_results?.map((s) => ({ ...s, url: cleanUrl(s.url) })),
        }),
      });
      resolve();
    };
    script.onerror = () => {
      loading = undefined;
      reject(new Error('search did not load'));
    };
    document.head.append(script);
  });
  return loading;
}

function setup() {
  const dialog = document.querySelector<HTMLDialogElement>('[data-search-dialog]');
  const root = dialog?.querySelector<HTMLElement>('[data-search-root]');
  if (!dialog || !root) return;
  let opener: HTMLElement | null = null;

  const open = async () => {
    if (dialog.open) return;
    opener = document.activeElement as HTMLElement | null;
    dialog.showModal();
    try {
      await loadUi(root);
      root.querySelector<HTMLInputElement>('input')?.focus();
    } catch {
      const loadingText = root.querySelector('[data-search-loading]');
      if (loadingText)
        loadingText.textContent = 'Search could not be loaded. Check your connection and try again.';
    }
  };
  dialog.addEventListener('close', () => opener?.focus());
  // A click on the backdrop (outside the dialog's box) closes it.
  dialog.addEventListener('click', (e) => {
    if (e.target === dialog) dialog.close();
  });
  dialog.querySelector('[data-search-close]')?.addEventListener('click', () => dialog.close());
  for (const button of document.querySelectorAll('[data-search-open]'))
    button.addEventListener('click', () => void open());
  document.addEventListener('keydown', (e) => {
    if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 'k') {
      e.preventDefault();
      void open();
    }
  });
}

setup();
