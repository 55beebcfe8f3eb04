// The unsigned A2A discovery document (after the A2A protocol's AgentCard): who the emulated agent
// is, where to call it, and what it can do.
import { VERSION } from '../../version.js';
import { A2A_PROTOCOL_VERSION } from './schema.js';

export function agentCard(request: Request) {
  const origin = new URL(request.url).origin;
  return {
    protocolVersion: A2A_PROTOCOL_VERSION,
    name: 'Workspace AI Service assistant (emulated)',
    description:
      'Answers questions with the retrieval-augmented assistant of a release. Name the release in params.metadata.releaseId ' +
      '(or the releaseId query parameter); continue a conversation with message.contextId.',
    url: `${origin}/api/v1/a2a`,
    preferredTransport: 'JSONRPC',
    version: VERSION,
    provider: { organization: 'service-emulator', url: origin },
    capabilities: { streaming: true, pushNotifications: false, stateTransitionHistory: false },
    defaultInputModes: ['text/plain'],
    defaultOutputModes: ['text/plain'],
    skills: [
      {
        id: 'chat',
        name: 'Chat with a release',
        description: 'Answers a question from the release’s knowledge base, citing its sources.',
        tags: ['chat', 'rag', 'question-answering'],
        examples: ['How do I reset my password?'],
        inputModes: ['text/plain'],
        outputModes: ['text/plain'],
      },
    ],
    supportsAuthenticatedExtendedCard: false,
  };
}
