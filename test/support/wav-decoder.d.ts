// Types of the dev dependency wav-decoder (it ships none): what the audio suites use.
declare module 'wav-decoder' {
  export interface AudioData {
    sampleRate: number;
    numberOfChannels: number;
    length: number;
    channelData: Float32Array[];
  }
  export function decode(buffer: ArrayBuffer, opts?: { symmetric?: boolean }): Promise<AudioData>;
  const decoder: { decode: typeof decode };
  export default decoder;
}
