import type { Area } from '#lib/area/area-types.ts'
import { PasteAreaInput, TypedVerticesInput } from './area-input.tsx'

export type AreaInputsProps = {
  /** The current area's vertices as typed text ('' when there is none, or it is a set of sites). */
  vertices: string
  onArea: (area: Area) => void
}

/** The two ways to give an area without drawing it: type its vertices, or paste or upload a file. */
export function AreaInputs({ vertices, onArea }: AreaInputsProps) {
  return (
    <>
      <details open>
        <summary className="cursor-pointer text-sm font-semibold">Type the vertices</summary>
        <div className="mt-2">
          <TypedVerticesInput key={vertices} initialVertices={vertices} onArea={onArea} />
        </div>
      </details>
      <details>
        <summary className="cursor-pointer text-sm font-semibold">
          Paste or upload GeoJSON or a sites CSV
        </summary>
        <div className="mt-2">
          <PasteAreaInput onArea={onArea} />
        </div>
      </details>
    </>
  )
}
