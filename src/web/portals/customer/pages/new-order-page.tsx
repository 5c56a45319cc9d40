export function NewOrderPage() {
  return <h1 className="text-2xl font-semibold">New Order</h1>;
}
