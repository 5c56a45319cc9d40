export function HistoryPage() {
  return <h1 className="text-2xl font-semibold">Order History</h1>;
}
