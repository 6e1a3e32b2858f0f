/**
 * Address changes that change nothing a loader reads, told by the screen whose address it is (messaging:
 * a message opened or closed in `?message=`). A screen's route module adds its rule when it loads; the
 * shell's revalidation asks every rule added, so the shell names no area (decisions/344). A rule answers
 * only between two addresses of its own screen, and the screen's module is loaded whenever its address
 * is the current one, so a rule is always there when it could answer.
 */
type Rule = (currentUrl: URL, nextUrl: URL) => boolean;

const rules = new Set<Rule>();

export function keepLoaderDataWhen(rule: Rule): void {
  rules.add(rule);
}

export function readsNothingNew(currentUrl: URL, nextUrl: URL): boolean {
  for (const rule of rules) if (rule(currentUrl, nextUrl)) return true;
  return false;
}
