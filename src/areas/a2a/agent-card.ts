// The unsigned A2A 0.3 discovery document (AgentCard): who the emulated agent is, where to call it
// (URLs follow the origin the request reached, so they are right behind any server URL or MSW
// baseUrl), and what it can do.
import { VERSION } from '../../version.js';
import { A2A_PROTOCOL_VERSION } from './schema.js';

export function agentCard(request: Request) {
  const origin = new URL(request.url).origin;
  const url = `${origin}/api/v1/a2a`;
  return {
    protocolVersion: A2A_PROTOCOL_VERSION,
    name: 'Workspace AI Service assistant (emulated)',
    description:
      'Answers questions with the retrieval-augmented assistant of a release: the default agent release of the scenario, ' +
      'or the one named in params.metadata.releaseId. Continue a conversation with message.contextId; every call is a task ' +
      '(tasks/get, tasks/cancel; configuration.blocking=false answers with the submitted task).',
    url,
    preferredTransport: 'JSONRPC',
    additionalInterfaces: [{ url, transport: 'JSONRPC' }],
    version: VERSION,
    provider: { organization: 'service-emulator', url: origin },
    documentationUrl: `${origin}/openapi.json`,
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
