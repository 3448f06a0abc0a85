import webpush from "web-push";

// `npm run vapid-keys`: a new VAPID key pair for Web Push (decision 044), as lines for .env.
// Every instance of one deployment uses the same pair: browsers subscribe to its public key,
// so replacing it ends every existing push subscription.
const { publicKey, privateKey } = webpush.generateVAPIDKeys();
process.stdout.write(`VAPID_PUBLIC_KEY=${publicKey}\nVAPID_PRIVATE_KEY=${privateKey}\n`);
