import * as sdk from './sdk.gen';

export const commonApi = {
  config: () => sdk.getConfig({ suppressErrors: true }),
};
