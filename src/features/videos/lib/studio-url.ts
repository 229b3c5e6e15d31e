/** The caption studio's state lives in its URL (`/videos/<id>?lang=en&mode=default&t=83&q=never`): see the route table. */
export { momentUrl, type StudioState } from '#lib/urls/videos.ts'
