/** The area without a mouse: typed vertices, or GeoJSON / a sites CSV pasted or uploaded. Bad input is named and nothing is paid. */
import { useId, useState, type ChangeEvent, type FormEvent } from 'react'
import type { Area, AreaProblem } from '#lib/area/area-types.ts'
import { parseAreaText } from '#lib/area/parse-area.ts'
import { validateArea } from '#lib/area/validate-area.ts'
import { Button } from '#components/ui/button.tsx'
import { parseTypedVertices } from '../../lib/typed-vertices.ts'

export type AreaInputProps = {
  /** The current area's vertices as text (empty for none or a list of sites). */
  initialVertices: string
  onArea: (area: Area) => void
}

/** The area, or every problem validation finds in it. */
function checked(area: Area): { area?: Area; problems: AreaProblem[] } {
  const problems = validateArea(area)
  return problems.length ? { problems } : { area, problems }
}

function Problems({ id, title, problems }: { id: string; title: string; problems: readonly AreaProblem[] }) {
  if (problems.length === 0) return null
  return (
    <div id={id} role="alert" className="rounded border border-red-300 bg-red-50 p-2 text-sm text-red-800">
      <p className="font-medium">{title} Nothing was paid.</p>
      <ul className="mt-1 list-disc pl-5">
        {problems.map((p, i) => (
          <li key={i}>
            {p.where && !p.message.startsWith(p.where) ? `${p.where}: ` : ''}
            {p.message}
          </li>
        ))}
      </ul>
    </div>
  )
}

type AreaTextareaProps = {
  id: string
  label: string
  hint: string
  rows: number
  text: string
  onText: (text: string) => void
  problems: readonly AreaProblem[]
  problemsTitle: string
  placeholder?: string
}

/** A labelled text box with its hint and, below it, what is wrong with its text. */
function AreaTextarea({
  id,
  label,
  hint,
  rows,
  text,
  onText,
  problems,
  problemsTitle,
  placeholder,
}: AreaTextareaProps) {
  return (
    <>
      <label htmlFor={`${id}-text`} className="block text-sm font-medium">
        {label}
      </label>
      <p id={`${id}-hint`} className="text-xs text-slate-600">
        {hint}
      </p>
      <textarea
        id={`${id}-text`}
        rows={rows}
        value={text}
        onChange={(e) => onText(e.target.value)}
        aria-describedby={`${id}-hint${problems.length ? ` ${id}-err` : ''}`}
        aria-invalid={problems.length > 0 || undefined}
        className="mt-1 w-full rounded border border-slate-300 px-2 py-1.5 font-mono text-sm"
        spellCheck={false}
        placeholder={placeholder}
      />
      <Problems id={`${id}-err`} title={problemsTitle} problems={problems} />
    </>
  )
}

export function TypedVerticesInput({ initialVertices, onArea }: AreaInputProps) {
  const id = useId()
  const [text, setText] = useState(initialVertices)
  const [problems, setProblems] = useState<AreaProblem[]>([])

  function submit(e: FormEvent) {
    e.preventDefault()
    const parsed = parseTypedVertices(text)
    if (!parsed.ok) return setProblems(parsed.errors.map((er) => ({ message: er.message })))
    const result = checked({ shapes: parsed.shapes })
    setProblems(result.problems)
    if (result.area) onArea(result.area)
  }

  return (
    <form onSubmit={submit} aria-label="Type the area's vertices" className="space-y-2" noValidate>
      <AreaTextarea
        id={id}
        label="Vertices"
        hint="One “lat, lon” per line; a blank line starts another shape."
        rows={6}
        text={text}
        onText={setText}
        problems={problems}
        problemsTitle="These vertices do not make an area."
        placeholder={'48.90, 2.25\n48.90, 2.42\n48.81, 2.42\n48.81, 2.25'}
      />
      <Button type="submit" size="sm">
        Use these vertices
      </Button>
    </form>
  )
}

export function PasteAreaInput({ onArea }: Pick<AreaInputProps, 'onArea'>) {
  const id = useId()
  const [text, setText] = useState('')
  const [problems, setProblems] = useState<AreaProblem[]>([])

  function apply(content: string, fileName?: string) {
    const parsed = parseAreaText(content, fileName)
    if (!parsed.ok) return setProblems(parsed.errors)
    const result = checked(parsed.area)
    setProblems(result.problems)
    if (result.area) onArea(result.area)
  }

  async function onFile(e: ChangeEvent<HTMLInputElement>) {
    const file = e.target.files?.[0]
    if (!file) return
    const content = await file.text()
    setText(content)
    apply(content, file.name)
    e.target.value = ''
  }

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault()
        apply(text)
      }}
      aria-label="Paste or upload an area"
      className="space-y-2"
      noValidate
    >
      <AreaTextarea
        id={id}
        label="GeoJSON or a CSV of sites"
        hint="A Polygon, MultiPolygon, Feature or FeatureCollection; or CSV lines “lat,lon,radius_km[,label]”, one site each."
        rows={4}
        text={text}
        onText={setText}
        problems={problems}
        problemsTitle="This is not an area the sweep can use."
      />
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" size="sm" disabled={!text.trim()}>
          Use the pasted area
        </Button>
        <label htmlFor={`${id}-f`} className="text-sm">
          or upload a file:
        </label>
        <input
          id={`${id}-f`}
          type="file"
          accept=".geojson,.json,.csv,application/geo+json,application/json,text/csv"
          onChange={(e) => void onFile(e)}
          className="text-sm"
        />
      </div>
    </form>
  )
}
