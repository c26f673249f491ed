/** A toast that is also a polite live region, so an outcome is announced, not only shown (FR-66). */
export function LiveRegion({ message }: { message: string | null }) {
  return (
    <div className="toast" role="status" aria-live="polite" data-testid="toast">
      {message}
    </div>
  );
}
