/** The replies view's state lives in its URL (`?format=html&view=tree&sort=oldest&q=…&reply=<replyId>`): see the route table. */
export {
  DEFAULT_STATE,
  repliesSearchString,
  type RepliesViewState,
  parseRepliesSearch,
} from '#lib/urls/replies.ts'
