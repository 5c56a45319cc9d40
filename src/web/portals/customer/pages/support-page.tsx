export function SupportPage() {
  return <h1 className="text-2xl font-semibold">Support</h1>;
}
