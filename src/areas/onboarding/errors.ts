// Onboarding errors, named after their wire codes.
import { unauthorized } from '../../core/errors.js';

export const badSignature = (why: string) => unauthorized(`Invalid onboarding webhook signature: ${why}`);
