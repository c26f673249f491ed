/**
 * §6.2's "1 of 3 ●○○": a dot per required ask, filled once answered. Decoration only — the
 * words beside it ("1 of 3") carry the meaning, so assistive tech skips the dots (FR-67).
 * Past ten asks the dots would be noise, and a decision holds ten at most anyway.
 */
const MAX_DOTS = 10;

export function ProgressDots({ progress }: { progress: { answered: number; required: number } }) {
  const total = Math.min(progress.required, MAX_DOTS);
  if (total === 0) return null;
  return (
    <span className="progress-dots" aria-hidden="true">
      {Array.from({ length: total }, (_, index) => (
        <span key={index} className={index < progress.answered ? 'dot done' : 'dot'} />
      ))}
    </span>
  );
}
