import type { ConnectionVerdict } from '../../../../shared/contract';

export const VERDICT_TITLE: Record<ConnectionVerdict['verdict'], string> = {
  connected: 'Connected',
  wrong_token: 'Wrong token',
  unreachable: 'Address unreachable',
  not_service: 'Not this kind of service',
  insecure_url: 'Insecure address refused',
  invalid_url: 'Not a valid address',
  timeout: 'No answer',
  server_error: 'Service error',
  forbidden: 'Token not allowed',
  no_token: 'Token missing',
  token_for_other_address: 'Token needed for this address',
};
