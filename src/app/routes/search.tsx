// Replaced by the search view's engineer: a thin route module that renders its feature component.
export function Component() {
  return <h1 className="text-2xl font-semibold">search</h1>
}
