/** File names live in contract/ so the function's corpus exports are named by the same rules (docs/decisions/0131). */
export * from '#contract/file-slug.ts'
