/** The replies view's state lives in its URL (`?format=html&view=tree&sort=oldest&q=…&reply=<replyId>`): see the route table. */
export {
  DEFAULT_STATE,
  REPLY_VIEWS,
  repliesSearchString,
  type RepliesViewState,
  type ReplyViewMode,
  parseRepliesSearch,
} from '#lib/urls/replies.ts'
export { COMMENT_FORMATS as REPLY_FORMATS } from '#contract/enums.ts'
