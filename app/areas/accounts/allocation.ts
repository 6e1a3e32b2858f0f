/**
 * How a payment is spread over the pending invoices (1§4 Allocation): in the order listed, each
 * invoice receives the smaller of what remains and its balance; invoices that receive more than
 * nothing are ticked, the others not. With no amount, each invoice's original pay-now value returns.
 * All amounts are in cents.
 */
export interface AllocatableInvoice {
  id: string;
  balanceCents: number;
  /** The pay-now value the practice suggested (1§3 Invoice). */
  payNowCents: number;
}

export interface Allocation {
  id: string;
  payNowCents: number;
  checked: boolean;
}

export function allocate(invoices: readonly AllocatableInvoice[], amountCents: number | null): Allocation[] {
  if (amountCents === null) {
    return invoices.map((i) => ({ id: i.id, payNowCents: i.payNowCents, checked: i.payNowCents > 0 }));
  }
  let remaining = Math.max(0, amountCents);
  return invoices.map((invoice) => {
    const share = Math.min(remaining, Math.max(0, invoice.balanceCents));
    remaining -= share;
    return { id: invoice.id, payNowCents: share, checked: share > 0 };
  });
}

/** The total outstanding balance: what choice 1 ("pay the total") fills in. */
export function totalBalanceCents(invoices: readonly AllocatableInvoice[]): number {
  return invoices.reduce((sum, i) => sum + Math.max(0, i.balanceCents), 0);
}

/**
 * Whether a payment's lines can be paid as sent: each names a pending invoice once, and none pays more
 * than that invoice's balance. The browser's allocation is checked against the practice's invoices,
 * so a doubled line or an unknown id cannot charge more than is owed (issue 20).
 */
export function allocationsPayable(lines: readonly { id: string; payNowCents: number }[], pending: readonly Pick<AllocatableInvoice, "id" | "balanceCents">[]): boolean {
  const balances = new Map(pending.map((i) => [i.id, i.balanceCents]));
  const seen = new Set<string>();
  for (const line of lines) {
    const balance = balances.get(line.id);
    if (balance === undefined || seen.has(line.id) || line.payNowCents > balance) return false;
    seen.add(line.id);
  }
  return true;
}
