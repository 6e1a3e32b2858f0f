/**
 * A seeded draw in 0..m-1 (a linear congruential generator), for tests that replay many generated
 * event sequences. The draw comes from the generator's high bits: its low ones repeat within a few
 * draws (n % 4 drew one event in nineteen of twenty, n % 6 is never odd).
 */
export function seededDraws(seed: number): (m: number) => number {
  let n = seed;
  return (m) => {
    n = (n * 1103515245 + 12345) % 2147483648;
    return Math.floor(n / 65536) % m;
  };
}
