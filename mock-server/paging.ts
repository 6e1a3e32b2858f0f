/** Page `number` (from 1, as every paged call of the practice API counts) of `size` items. */
export function pageOf<T>(items: readonly T[], number: number, size: number): T[] {
  const start = (number - 1) * size;
  return items.slice(start, start + size);
}
