/**
 * Code as a person reads it in an editor (issue 39 item 8): one row per line, numbered, never
 * soft-wrapped — a long line scrolls sideways inside its own box. The numbers are drawn by CSS
 * (a counter), so they are neither copied with the code nor read out as part of it.
 */
export function CodeLines({ text, labelledBy, testId }: { text: string; labelledBy: string; testId: string }) {
  // A file's last newline ends its last line; it does not start an empty one.
  const lines = (text.endsWith('\n') ? text.slice(0, -1) : text).split('\n');
  return (
    <pre tabIndex={0} aria-labelledby={labelledBy} className="code numbered" data-testid={testId} data-lines={lines.length}>
      <code>
        {lines.map((line, index) => (
          <span key={index} className="code-line">
            {line}
            {index < lines.length - 1 || text.endsWith('\n') ? '\n' : ''}
          </span>
        ))}
      </code>
    </pre>
  );
}
