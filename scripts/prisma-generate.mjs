// placeholder until the foundation lands: keeps `npm install` working.
