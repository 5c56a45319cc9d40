export function GuidelinesPage() {
  return <h1 className="text-2xl font-semibold">Guidelines</h1>;
}
