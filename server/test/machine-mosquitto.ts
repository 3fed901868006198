import net from 'node:net';

/** The machine's own Mosquitto, which the tests of an external broker publish through (required in CI). */
export const MOSQUITTO = { host: '127.0.0.1', port: 1883 };

/** Whether it answers now. */
export const mosquittoAnswers = await new Promise<boolean>((resolve) => {
  const socket = net.connect(MOSQUITTO, () => {
    socket.destroy();
    resolve(true);
  });
  socket.on('error', () => {
    resolve(false);
  });
});
if (!mosquittoAnswers && process.env.CI === 'true') throw new Error('Mosquitto on 127.0.0.1:1883 is required in CI');
