/**
 * What other modules may use of the module zugriffstoken: the user a personal access token acts for (the MCP
 * server, decision 226). Its table is written only here.
 */
export { nutzerDesTokens, type TokenNutzer, type ZugriffstokenDeps } from './zugriffstoken.service.ts';
