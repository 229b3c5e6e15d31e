// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest'
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { ExportMenu } from './export-menu.tsx'

describe('ExportMenu', () => {
  it('names how many of the loaded rows it exports, and offers the Excel-safe CSV beside the exact one', async () => {
    const onExport = vi.fn()
    render(<ExportMenu onExport={onExport} count={51} loaded={96} noun="videos" />)
    const group = screen.getByRole('group', { name: 'Export 51 of 96 loaded videos' })
    expect(group).toBeTruthy()
    const names = screen.getAllByRole('button').map((b) => b.textContent)
    expect(names).toEqual(['CSV', 'For Excel', 'JSON', 'ZIP'])
    await userEvent.click(screen.getByRole('button', { name: 'For Excel' }))
    expect(onExport).toHaveBeenCalledWith('excel-csv')
  })

  it('says so when an export fails, and lets the researcher try again', async () => {
    const onExport = vi.fn().mockRejectedValueOnce(new Error('disk full')).mockResolvedValueOnce(undefined)
    render(<ExportMenu onExport={onExport} count={3} noun="channels" />)
    expect(screen.getByRole('group', { name: 'Export 3 loaded channels' })).toBeTruthy()
    await userEvent.click(screen.getByRole('button', { name: 'CSV' }))
    expect((await screen.findByRole('alert')).textContent).toBe('The export failed: disk full')
    await userEvent.click(screen.getByRole('button', { name: 'CSV' }))
    await vi.waitFor(() => expect(screen.queryByRole('alert')).toBeNull())
    expect(onExport).toHaveBeenCalledTimes(2)
  })

  it('after a CSV press, offers its provenance as its own link beside it: one press, one download', async () => {
    const provenance = {
      name: 'popular.provenance.json',
      blob: new Blob(['{}'], { type: 'application/json' }),
    }
    const onExport = vi.fn().mockResolvedValue({ saved: 'popular.csv', provenance })
    render(<ExportMenu onExport={onExport} count={3} noun="videos" />)
    expect(screen.queryByRole('link')).toBeNull()
    await userEvent.click(screen.getByRole('button', { name: 'CSV' }))
    expect(onExport).toHaveBeenCalledTimes(1)
    const link = await screen.findByRole('link', { name: /provenance of popular\.csv/i })
    expect(link.getAttribute('download')).toBe('popular.provenance.json')
    expect(link.getAttribute('href')).toMatch(/^blob:/)
    // A JSON export carries its provenance inside: no link is left over from the CSV.
    onExport.mockResolvedValueOnce({ saved: 'popular.json' })
    await userEvent.click(screen.getByRole('button', { name: 'JSON' }))
    await vi.waitFor(() => expect(screen.queryByRole('link')).toBeNull())
  })
})
