/**
 * A practice's phone number as a link a phone can call (issue 21): `tel:` with the digits and a
 * leading +, shown as the practice wrote it. A value with no digits stays plain text.
 */
export function PhoneLink({ number, className = "text-brand underline underline-offset-4" }: { number: string; className?: string }) {
  const dial = number.replace(/[^\d+]/g, "");
  if (!/\d/.test(dial)) return <>{number}</>;
  return (
    <a href={`tel:${dial}`} className={className}>
      {number}
    </a>
  );
}
