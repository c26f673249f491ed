/**
 * A person at the tests' identity provider without a browser (issue 43 item 4): plain HTTP
 * requests that follow redirects, keep cookies the way a browser would (by path; every process
 * here is on 127.0.0.1, and cookies do not tell ports apart, as in a browser), and fill the
 * provider's development login and consent forms. What Chromium does in test/e2e/oidc-sign-in,
 * for tests that need the provider's real authorization codes, not its pages.
 */

type Cookie = { name: string; value: string; path: string };

export class OidcUserAgent {
  readonly #cookies = new Map<string, Cookie>();

  /** `login`: the account the provider's login form is filled with (any password). */
  constructor(private readonly login: string) {}

  /**
   * Goes to `start` and on through every redirect and form until `done` says a URL is where it
   * was going (a client's redirect URI, which nobody need serve); returns that URL.
   */
  async travel(start: string | URL, done: (url: URL) => boolean): Promise<URL> {
    let url = new URL(start);
    let form: URLSearchParams | null = null;
    for (let hop = 0; hop < 25; hop++) {
      if (done(url)) return url;
      const response = await fetch(url, {
        method: form ? 'POST' : 'GET',
        redirect: 'manual',
        headers: { cookie: this.cookieHeader(url), ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
        ...(form ? { body: form.toString() } : {}),
      });
      this.keep(response, url);
      const location = response.headers.get('location');
      if (response.status >= 300 && response.status < 400 && location) {
        url = new URL(location, url);
        form = null;
        continue;
      }
      const page = await response.text();
      const action = /<form[^>]*action="([^"]+)"/.exec(page)?.[1];
      const prompt = /name="prompt" value="(\w+)"/.exec(page)?.[1];
      if (response.status !== 200 || !action || !prompt) {
        throw new Error(`${url.href} answered ${response.status} with no form to fill:\n${page.slice(0, 800)}`);
      }
      url = new URL(action.replaceAll('&amp;', '&'), url);
      form = new URLSearchParams(prompt === 'login' ? { prompt, login: this.login, password: 'any password' } : { prompt });
    }
    throw new Error(`Still travelling from ${String(start)} after 25 hops.`);
  }

  private cookieHeader(url: URL): string {
    return [...this.#cookies.values()]
      .filter(
        (cookie) => url.pathname === cookie.path || url.pathname.startsWith(cookie.path.endsWith('/') ? cookie.path : `${cookie.path}/`),
      )
      .map((cookie) => `${cookie.name}=${cookie.value}`)
      .join('; ');
  }

  private keep(response: Response, url: URL): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';').map((part) => part.trim());
      const at = pair.indexOf('=');
      const name = pair.slice(0, at);
      const value = pair.slice(at + 1);
      const attribute = (key: string) => attributes.find((part) => part.toLowerCase().startsWith(`${key}=`))?.slice(key.length + 1);
      // RFC 6265 §5.1.4: without a Path, the request path's directory.
      const path = attribute('path') ?? (url.pathname.slice(0, url.pathname.lastIndexOf('/')) || '/');
      const maxAge = attribute('max-age');
      const expires = attribute('expires');
      const gone = (maxAge !== undefined && Number(maxAge) <= 0) || (expires !== undefined && Date.parse(expires) <= Date.now());
      const key = `${name};${path}`;
      if (gone || value === '') this.#cookies.delete(key);
      else this.#cookies.set(key, { name, value, path });
    }
  }
}
