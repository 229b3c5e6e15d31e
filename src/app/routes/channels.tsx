// Replaced by the channels view's engineer: a thin route module that renders its feature component.
export function Component() {
  return <h1 className="text-2xl font-semibold">channels</h1>
}
