/*
 * The only script of a public page, inlined by the site layout (a few KB, no framework): pages
 * work without it, and it adds what HTML alone cannot. It must stay self-contained: it is
 * serialised with Function.prototype.toString and runs in the browser unchanged.
 *  - remembers the chosen language (localStorage i18nextLng and a cookie) and opens a visitor's
 *    next entry to the site in it;
 *  - closes the language and menu dropdowns on Escape, on a click outside and on a choice;
 *  - shows a loading text while a filter or search loads the next page of a list;
 *  - sends the contact form in the background: Sending..., a confirmation for 3 seconds, reset,
 *    errors beside their fields or above the form.
 */
export function enhanceSite(): void {
  const STORAGE_KEY = 'i18nextLng';
  const html = document.documentElement;
  const lang = html.lang;
  const defaultLang = html.dataset.defaultLang;

  const remember = (code: string) => {
    try {
      localStorage.setItem(STORAGE_KEY, code);
    } catch {
      /* storage may be disabled */
    }
    document.cookie = `${STORAGE_KEY}=${encodeURIComponent(code)}; path=/; max-age=31536000; samesite=lax`;
  };

  // A chosen language opens the next visit to the site in that language.
  try {
    const stored = localStorage.getItem(STORAGE_KEY);
    const fromSite = document.referrer && new URL(document.referrer).host === location.host;
    if (stored && stored !== lang && lang === defaultLang && !fromSite) {
      const target = document.querySelector<HTMLAnchorElement>(`a[data-lang="${CSS.escape(stored)}"]`);
      if (target) location.replace(target.href + location.search);
    }
  } catch {
    /* ignore */
  }

  const dropdowns = Array.from(document.querySelectorAll<HTMLDetailsElement>('details[data-dropdown]'));
  const closeAll = (except?: Element) => dropdowns.forEach((d) => d !== except && d.removeAttribute('open'));
  document.addEventListener('click', (event) => {
    const target = event.target;
    if (!(target instanceof Element)) return;
    const language = target.closest<HTMLAnchorElement>('a[data-lang]');
    if (language) {
      remember(language.dataset.lang!);
      closeAll();
      return;
    }
    if (target.closest('details[data-dropdown] a')) closeAll();
    else closeAll(target.closest('details[data-dropdown]') ?? undefined);
  });
  document.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape') return;
    const open = dropdowns.find((d) => d.open);
    if (open) {
      open.removeAttribute('open');
      open.querySelector('summary')?.focus();
    }
  });

  // Lists: show that the next page is loading after a filter or a search.
  const busy = (list: Element | null) => {
    if (!list) return;
    list.setAttribute('aria-busy', 'true');
    const status = list.querySelector<HTMLElement>('[data-loading-text]');
    if (status) status.hidden = false;
  };
  document.querySelectorAll('[data-filters] a').forEach((link) => link.addEventListener('click', () => busy(document.querySelector('[data-list]'))));
  document.querySelectorAll('form[data-search]').forEach((form) => form.addEventListener('submit', () => busy(document.querySelector('[data-list]'))));

  // Opening an article or a service: say that it is loading (SPEC.md's 'Loading article…').
  const pageStatus = document.querySelector<HTMLElement>('[data-page-status]');
  document.addEventListener('click', (event) => {
    const link = event.target instanceof Element ? event.target.closest<HTMLAnchorElement>('a[data-loading]') : null;
    if (!link || !pageStatus || event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    pageStatus.textContent = link.dataset.loading ?? '';
    pageStatus.hidden = false;
  });
  window.addEventListener('pageshow', () => {
    if (pageStatus) pageStatus.hidden = true;
  });

  // "Try again" reloads the page that failed.
  document.querySelectorAll<HTMLAnchorElement>('a[data-retry]').forEach((link) =>
    link.addEventListener('click', (event) => {
      event.preventDefault();
      location.reload();
    }),
  );

  const form = document.querySelector<HTMLFormElement>('form[data-contact-form]');
  if (!form) return;
  const messages = form.dataset;
  const button = form.querySelector<HTMLButtonElement>('button[type="submit"]')!;
  const status = form.querySelector<HTMLElement>('[data-form-status]')!;
  const success = document.querySelector<HTMLElement>('[data-form-success]');
  const startedAt = Date.now();
  const idle = button.textContent;

  const showFieldError = (name: string, message: string) => {
    const input = form.elements.namedItem(name);
    const slot = form.querySelector<HTMLElement>(`[data-error-for="${name}"]`);
    if (!(input instanceof HTMLElement) || !slot) return false;
    input.setAttribute('aria-invalid', 'true');
    slot.textContent = message;
    slot.hidden = false;
    return true;
  };
  const clearErrors = () => {
    status.hidden = true;
    status.textContent = '';
    form.querySelectorAll<HTMLElement>('[data-error-for]').forEach((slot) => {
      slot.hidden = true;
      slot.textContent = '';
    });
    form.querySelectorAll('[aria-invalid]').forEach((input) => input.removeAttribute('aria-invalid'));
  };
  // The API's details carry a code and parameters; the page says them in its own language.
  type Detail = { path: string; message: string; code?: string; params?: { max?: number } };
  const messageFor = (detail: Detail) => {
    const { path, code, message } = detail;
    if (code === 'required') return messages[`required${path[0].toUpperCase()}${path.slice(1)}`] ?? message;
    if (code === 'invalid_email') return messages.invalidEmail ?? message;
    if (code === 'too_long') return (messages.tooLong ?? message).replace('{max}', String(detail.params?.max ?? ''));
    return message;
  };

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    clearErrors();
    if (success) success.hidden = true;
    const body: Record<string, string | number> = {};
    new FormData(form).forEach((value, key) => {
      if (typeof value === 'string') body[key] = value.trim();
    });
    body.elapsedMs = Date.now() - startedAt;
    button.disabled = true;
    button.textContent = messages.sending ?? '…';
    try {
      const response = await fetch('/api/contact', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
      const result = await response.json().catch(() => ({}));
      if (response.ok && result.success) {
        form.reset();
        if (success) {
          success.hidden = false;
          success.focus();
        }
        // SPEC.md: the form returns, reset, after 3 s. The confirmation stays above it until the
        // visitor leaves or sends another (issue 15): a visitor who looked away still sees it was sent.
        form.hidden = true;
        setTimeout(() => {
          form.hidden = false;
        }, 3000);
        return;
      }
      let placed = false;
      let problem = response.status === 429 ? messages.rateLimited : '';
      const details: Detail[] = Array.isArray(result.details) ? result.details : [];
      for (const detail of details) {
        if (detail.path === 'elapsedMs') problem = messages.tooFast ?? detail.message;
        else placed = showFieldError(detail.path, messageFor(detail)) || placed;
      }
      if (!placed) {
        // The page's own words, never the server's English sentence.
        status.textContent = problem || messages.failed || result.error || '';
        status.hidden = false;
      } else {
        form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
      }
    } catch (error) {
      status.textContent = messages.error ?? (error instanceof Error ? error.message : '');
      status.hidden = false;
    } finally {
      button.disabled = false;
      button.textContent = idle;
    }
  });
}
