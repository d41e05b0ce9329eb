/** /register only redirects (route middleware `register`): guests to /signup/, players home. */
export default function Register() {
  return null;
}
