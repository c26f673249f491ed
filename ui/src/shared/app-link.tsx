/** A real link (`<a href>`) to one of the app's pages; a plain click navigates without a reload. */
import type { AnchorHTMLAttributes, MouseEvent } from 'react';
import { navigate } from '../routing/navigate';

export function AppLink({ href, onClick, ...rest }: AnchorHTMLAttributes<HTMLAnchorElement> & { href: string }) {
  function follow(event: MouseEvent<HTMLAnchorElement>) {
    onClick?.(event);
    // A modified or middle click keeps the browser's own behaviour (new tab, new window).
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    navigate(href);
  }
  return <a href={href} onClick={follow} {...rest} />;
}
