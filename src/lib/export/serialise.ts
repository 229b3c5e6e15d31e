/** The one CSV writer lives in contract/ so the function's corpus exports write the same files (docs/decisions/0130). */
export * from '#contract/csv-writer.ts'
