/** The token the demo simulator accepts (it guards nothing real; it exists so the Bearer path is exercised). */
export const SIMULATOR_TOKEN = 'poix-demo-token'
