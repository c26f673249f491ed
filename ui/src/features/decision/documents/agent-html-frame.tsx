/**
 * Agent-written HTML (a report, an option's page) in a frame as tall as what it holds (issue 39
 * item 8), so a table is never cut at its third row. The document is served under a CSP sandbox
 * with no script at all (api/routes/decision-documents.ts); the frame keeps `allow-same-origin`
 * only so this page can measure it — with no script inside, nothing in it can act as the member.
 * `cap` bounds the height in the detail pane (the rest scrolls inside the frame); the decision's
 * own page shows the document whole.
 */
import { useEffect, useRef, useState } from 'react';

/** Until the document has loaded and been measured: room for a few lines, not a blank strip. */
const BEFORE_MEASURED_PX = 160;

/**
 * How tall the document's content is: the bottom of its lowest element, and the body's own
 * margin and padding below it. Not the root's height, which in a document without a doctype
 * (quirks mode) stretches to the frame and so could never shrink; not a measure that depends on
 * the frame's height at all, so setting it cannot change what is measured next.
 */
function contentHeight(body: HTMLElement, view: Window): number {
  const top = body.ownerDocument.documentElement.getBoundingClientRect().top;
  let lowest = body.getBoundingClientRect().top - top;
  for (const element of body.querySelectorAll('*')) lowest = Math.max(lowest, element.getBoundingClientRect().bottom - top);
  // Text straight in the body, with no element around it, has no box of its own to measure.
  if (body.children.length === 0) lowest = Math.max(lowest, body.scrollHeight);
  const style = view.getComputedStyle(body);
  return Math.ceil(lowest + parseFloat(style.paddingBottom) + parseFloat(style.marginBottom));
}

export function AgentHtmlFrame({ src, title, cap, lazy = false }: { src: string; title: string; cap?: number; lazy?: boolean }) {
  const frame = useRef<HTMLIFrameElement>(null);
  const [height, setHeight] = useState<number | null>(null);

  useEffect(() => {
    const element = frame.current;
    if (!element) return;
    let observer: ResizeObserver | null = null;
    const measure = () => {
      const body = element.contentDocument?.body;
      const view = element.contentWindow;
      // An opaque origin (a browser that ignored allow-same-origin) leaves the default height.
      if (!body || !view) return;
      setHeight(contentHeight(body, view));
    };
    const loaded = () => {
      measure();
      observer?.disconnect();
      const root = element.contentDocument?.documentElement;
      // The content reflows when the pane narrows (a phone turned, a window resized): measure again.
      if (root && typeof ResizeObserver !== 'undefined') {
        observer = new ResizeObserver(measure);
        observer.observe(root);
        if (element.contentDocument?.body) observer.observe(element.contentDocument.body);
      }
    };
    element.addEventListener('load', loaded);
    if (element.contentDocument?.readyState === 'complete' && element.contentDocument.URL !== 'about:blank') loaded();
    return () => {
      element.removeEventListener('load', loaded);
      observer?.disconnect();
    };
  }, [src]);

  const full = height ?? BEFORE_MEASURED_PX;
  const shown = cap ? Math.min(full, cap) : full;
  return (
    <iframe
      ref={frame}
      className="agent-html"
      sandbox="allow-same-origin"
      src={src}
      title={title}
      referrerPolicy="no-referrer"
      loading={lazy ? 'lazy' : undefined}
      data-measured={height === null ? undefined : String(height)}
      style={{ height: `${shown}px` }}
    />
  );
}
