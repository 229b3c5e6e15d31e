/** /'s URL: the home page and its paste box hold no URL state. */
import { ROUTES } from './routes.ts'

export const homePath = () => ROUTES.home
