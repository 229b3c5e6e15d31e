// Replaced by the popular view's engineer: a thin route module that renders its feature component.
export function Component() {
  return <h1 className="text-2xl font-semibold">popular</h1>
}
