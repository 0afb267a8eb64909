/**
 * A tenant's feature switches, written for the tenant administration (module `mandant`) in its transaction: the
 * `mandant_feature` table belongs to the settings module (decision 153).
 */
export { upsertFeatureSwitch } from './customizing.repository.ts';
