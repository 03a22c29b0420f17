/** A byte count as people read it, rounded honestly: "137 B", "1.5 KiB", "24 KiB", "9.9 MiB". */
export function formatSize(bytes: number): string {
  const KIB = 1024;
  const MIB = KIB * KIB;
  const one = (n: number) => (n < 10 ? (Math.round(n * 10) / 10).toString() : Math.round(n).toString());
  if (bytes < KIB) return `${bytes} B`;
  if (bytes < MIB) return `${one(bytes / KIB)} KiB`;
  return `${one(bytes / MIB)} MiB`;
}
