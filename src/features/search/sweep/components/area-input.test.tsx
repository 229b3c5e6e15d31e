// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest'
import '@testing-library/jest-dom/vitest'
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { Area } from '#lib/area/area-types.ts'
import { PasteAreaInput, TypedVerticesInput } from './area-input.tsx'

describe('typed vertices', () => {
  it('takes a valid area and names the line of a bad one, taking nothing', async () => {
    const onArea = vi.fn<(a: Area) => void>()
    render(<TypedVerticesInput initialVertices="" onArea={onArea} />)
    const box = screen.getByRole('textbox', { name: 'Vertices' })
    await userEvent.type(box, '48.8, 2.3{Enter}oops{Enter}48.9, 2.4')
    await userEvent.click(screen.getByRole('button', { name: 'Use these vertices' }))
    expect(screen.getByRole('alert')).toHaveTextContent('Line 2: "oops" is not "lat, lon"')
    expect(screen.getByRole('alert')).toHaveTextContent('Nothing was paid.')
    expect(box).toHaveAttribute('aria-invalid', 'true')
    expect(onArea).not.toHaveBeenCalled()

    await userEvent.clear(box)
    await userEvent.type(box, '48.8, 2.3{Enter}48.8, 2.4{Enter}48.9, 2.4')
    await userEvent.click(screen.getByRole('button', { name: 'Use these vertices' }))
    expect(screen.queryByRole('alert')).toBeNull()
    expect(onArea).toHaveBeenCalledWith({
      shapes: {
        type: 'MultiPolygon',
        coordinates: [
          [
            [
              [2.3, 48.8],
              [2.4, 48.8],
              [2.4, 48.9],
              [2.3, 48.8],
            ],
          ],
        ],
      },
    })
  })

  it('refuses a shape that crosses itself, naming where', async () => {
    const onArea = vi.fn()
    render(
      <TypedVerticesInput initialVertices={'48.8, 2.3\n48.9, 2.4\n48.8, 2.4\n48.9, 2.3'} onArea={onArea} />,
    )
    await userEvent.click(screen.getByRole('button', { name: 'Use these vertices' }))
    expect(screen.getByRole('alert')).toHaveTextContent('The outline crosses itself')
    expect(onArea).not.toHaveBeenCalled()
  })
})

describe('paste or upload', () => {
  it('says what is wrong with bad GeoJSON and takes a sites CSV from a file', async () => {
    const onArea = vi.fn<(a: Area) => void>()
    render(<PasteAreaInput onArea={onArea} />)
    await userEvent.click(screen.getByRole('textbox', { name: 'GeoJSON or a CSV of sites' }))
    await userEvent.paste('{"type": "Polygon", "coordinates": [[')
    await userEvent.click(screen.getByRole('button', { name: 'Use the pasted area' }))
    expect(screen.getByRole('alert')).toHaveTextContent(
      'This is not an area the sweep can use. Nothing was paid.',
    )
    expect(onArea).not.toHaveBeenCalled()

    const file = new File(['lat,lon,radius_km,label\n48.85,2.35,3,Louvre\n'], 'sites.csv', {
      type: 'text/csv',
    })
    await userEvent.upload(screen.getByLabelText('or upload a file:'), file)
    await vi.waitFor(() => expect(onArea).toHaveBeenCalledTimes(1))
    expect(onArea.mock.calls[0]![0]).toEqual({
      sites: [{ lat: 48.85, lon: 2.35, radiusKm: 3, label: 'Louvre' }],
    })
  })
})
