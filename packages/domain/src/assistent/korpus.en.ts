import type { Fall } from './korpus.ts';
export const KORPUS_EN: Fall[] = [];
