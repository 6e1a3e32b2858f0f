/**
 * The number on a filter badge ("Completed 3"), read by screen readers as "Completed (3)". The
 * brackets used to be visually hidden spans of their own around the number, which Chromium reads with
 * spaces inside ("Completed ( 3 )", issue 33): the number shown is hidden from the accessibility tree
 * instead, and one hidden span says it once, brackets and all. The name still holds every word shown
 * (WCAG 2.5.3).
 */
export function BadgeCount({ count, className = "" }: { count: number; className?: string }) {
  return (
    <>
      <span aria-hidden="true" className={`tabular-nums ${className}`}>
        {count}
      </span>
      <span className="sr-only"> ({count})</span>
    </>
  );
}
