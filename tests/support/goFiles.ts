/** Generated Go position and score files for storage, server and benchmark use (the CLI's sample generator). */
export { positionRecord, prng, randomBoard, randomPositions, randomScores } from '../../src/cli/goSample';
