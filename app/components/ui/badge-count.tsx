/** The number on a filter badge, read by screen readers as "Completed (3)" with no spaces inside the brackets (decisions/250). */
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
