export type LinkProblemsProps = {
  /** URL parameters that were not understood, each named with what is wrong. */
  problems: readonly string[]
}

/** The parts of the studio's link it could not use; nothing when there are none. */
export function LinkProblems({ problems }: LinkProblemsProps) {
  if (problems.length === 0) return null
  return (
    <div role="alert" className="rounded border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
      <p className="font-medium">Part of this link was not understood:</p>
      <ul className="ml-5 list-disc">
        {problems.map((p) => (
          <li key={p}>{p}</li>
        ))}
      </ul>
    </div>
  )
}
