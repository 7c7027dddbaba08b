// The check of the link page's address: the contract's CandidateAuthEmail, loaded with the first check
// (Zod and the contract are a chunk of their own), so that the page itself shows at once.
import { CandidateAuthEmail } from '@portal/contract';
import { contractResolver } from '../../lib/contract-resolver';

export const linkResolver = contractResolver(CandidateAuthEmail, (values: { email: string }) => values);
