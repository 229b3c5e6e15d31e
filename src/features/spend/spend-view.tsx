import { useId, useMemo, type ReactNode } from 'react'
import { useQuery } from '@tanstack/react-query'
import { ExportMenu } from '#components/export-menu.tsx'
import { ErrorPanel } from '#components/ui/error-panel.tsx'
import { errorMessage } from '#lib/api-client.ts'
import { exportData, type ExportFormat } from '#lib/export/export-data.ts'
import { LEDGER_LIMIT, spendQueries } from './api/queries.ts'
import { InterruptedCalls } from './components/interrupted-calls.tsx'
import { LedgerTable } from './components/ledger-table.tsx'
import { OperationTotalsTable } from './components/operation-totals-table.tsx'
import { SourceTotalsTable } from './components/source-totals-table.tsx'
import { SpendChart } from './components/spend-chart.tsx'
import { SpendSummary } from './components/spend-summary.tsx'
import { isSameSource } from './lib/data-source.ts'
import { LEDGER_COLUMNS, ledgerFileName, ledgerProvenance } from './lib/ledger-export.ts'
import { filterLedger, pageOf } from './lib/ledger-page.ts'
import { spendChartData } from './lib/spend-chart.ts'
import type { SpendViewState } from './lib/spend-url.ts'

type SpendViewProps = { state: SpendViewState; onStateChange: (next: SpendViewState) => void }

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId()
  return (
    <section aria-labelledby={id} className="space-y-3">
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      {children}
    </section>
  )
}

/** What this deployment has spent on its data source: totals, budget, spend per day by operation, every source apart, and the ledger of paid calls (exportable, free). */
export function SpendView({ state, onStateChange }: SpendViewProps) {
  const report = useQuery(spendQueries.report(LEDGER_LIMIT))
  const data = report.data
  const chart = useMemo(() => spendChartData(data?.byDay ?? []), [data])
  const filtered = useMemo(() => filterLedger(data?.recent ?? [], state), [data, state])

  const heading = <h1 className="text-2xl font-semibold">Spend</h1>
  if (report.isPending) {
    return (
      <div className="space-y-4">
        {heading}
        <p role="status" className="text-slate-600">
          Loading the spend ledger…
        </p>
      </div>
    )
  }
  if (report.isError) {
    return (
      <div className="space-y-4">
        {heading}
        <ErrorPanel
          title="Could not load the spend ledger"
          message={errorMessage(report.error)}
          error={report.error}
          onRetry={() => void report.refetch()}
          retryPriceUsd={0}
          retrying={report.isFetching}
        />
      </div>
    )
  }

  const { source, bySource } = report.data
  const operations = report.data.byOperation.map((o) => o.operation)
  // Shown when another source than the figures' own has records: with one source it would repeat the summary.
  const showBySource = bySource.some((s) => !isSameSource(s, source))
  const page = pageOf(filtered, state.page)
  const onExport = (format: ExportFormat) =>
    exportData(format, {
      items: filtered,
      columns: LEDGER_COLUMNS,
      basename: ledgerFileName(state),
      provenance: ledgerProvenance({
        entries: filtered,
        loaded: report.data.recent.length,
        state,
        limit: LEDGER_LIMIT,
        fetchedAt: report.dataUpdatedAt,
        viewUrl: window.location.href,
        source,
      }),
    })

  return (
    <div className="space-y-8">
      <div>
        {heading}
        <p className="mt-1 text-sm text-slate-600">
          Every paid call this dashboard made to the data service, with what it cost; answers from the cache
          are free and counted, not listed. Reading and exporting this page is free.
        </p>
      </div>
      <SpendSummary
        totals={report.data.totals}
        budget={report.data.budget}
        source={source}
        storage={report.data.storage}
      />
      {report.data.interrupted.length > 0 && (
        <Section title="Interrupted">
          <InterruptedCalls entries={report.data.interrupted} />
        </Section>
      )}
      {showBySource && (
        <Section title="Spend by data source">
          <p className="text-sm text-slate-600">
            Demo and live spend are recorded apart and never added together; only the live service&apos;s
            spend counts against BUDGET_USD.
          </p>
          <SourceTotalsTable rows={bySource} current={source} />
        </Section>
      )}
      <Section title="Spend over time">
        <SpendChart data={chart} />
      </Section>
      <Section title="By operation">
        <OperationTotalsTable rows={report.data.byOperation} />
      </Section>
      <Section title="Ledger">
        {report.data.recent.length >= LEDGER_LIMIT && (
          <p className="text-sm text-slate-600">
            The {LEDGER_LIMIT} most recent paid calls are listed; the totals and the chart cover the whole
            ledger.
          </p>
        )}
        <ExportMenu
          onExport={onExport}
          count={filtered.length}
          loaded={report.data.recent.length}
          noun="ledger entries"
          disabled={filtered.length === 0}
        />
        <LedgerTable
          page={page}
          matching={filtered.length}
          operations={operations}
          state={state}
          onStateChange={onStateChange}
        />
      </Section>
    </div>
  )
}
