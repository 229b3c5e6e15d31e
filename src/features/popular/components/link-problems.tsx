export type LinkProblemsProps = { problems: readonly string[] }

/** The link's settings that could not be used, said rather than dropped silently. */
export function LinkProblems({ problems }: LinkProblemsProps) {
  if (problems.length === 0) return null
  return (
    <div role="status" className="rounded border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
      <p className="font-medium">Some of the link's settings were not used:</p>
      <ul className="ml-5 list-disc">
        {problems.map((p) => (
          <li key={p}>{p}</li>
        ))}
      </ul>
    </div>
  )
}
