// tabula does not run `prisma dev`, the only command that loads @prisma/streams-local.
exports.startLocalDurableStreamsServer = () => {
  throw new Error('@prisma/streams-local is not installed: tabula does not run `prisma dev`');
};
